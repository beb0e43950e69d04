import errno
import os
import stat

import pytest

from referee.web import secret_key


def test_a_key_is_made_once_in_the_instance_folder_and_kept(tmp_path):
    first = secret_key.load_or_create(str(tmp_path))
    assert len(first) >= secret_key.MIN_KEY_LENGTH
    assert secret_key.load_or_create(str(tmp_path)) == first
    mode = os.stat(tmp_path / secret_key.KEY_FILE).st_mode
    assert stat.S_IMODE(mode) == 0o600


@pytest.mark.parametrize("key", [None, "", "dev", "change-me"])
def test_the_app_refuses_a_missing_or_default_key(key):
    with pytest.raises(RuntimeError, match="SECRET_KEY"):
        secret_key.check(key)


def test_workers_starting_together_share_one_key(tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(8) as pool:
        keys = set(pool.map(lambda _: secret_key.load_or_create(str(tmp_path)), range(8)))
    assert len(keys) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == [secret_key.KEY_FILE]


def test_a_full_disk_is_said_and_leaves_no_half_key(tmp_path, monkeypatch):
    def no_space(_source, _target):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(secret_key.os, "link", no_space)
    with pytest.raises(RuntimeError) as refused:
        secret_key.load_or_create(str(tmp_path))
    assert str(refused.value) == (
        f"the disk of {tmp_path} is full: the secret key cannot be written there"
    )
    assert list(tmp_path.iterdir()) == []
