"""A shell you can find your way in (issue 20, item 6): no module of the package imports
another module's private names (`_name`). What two modules share is public in the module
it belongs to; a private name may change with its module alone."""

import ast
from pathlib import Path

import referee

PACKAGE = Path(referee.__file__).parent


def private_imports(source: str) -> list[str]:
    """Each `from x import _y` (and `import x._y`) in `source`, as written."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            found += [
                f"from {'.' * node.level}{node.module or ''} import {alias.name}"
                for alias in node.names
                if _private(alias.name)
            ]
        elif isinstance(node, ast.Import):
            found += [
                f"import {alias.name}"
                for alias in node.names
                if any(_private(part) for part in alias.name.split("."))
            ]
    return found


def _private(name: str) -> bool:
    """`_y`, not `__future__` or `__version__`."""
    return name.startswith("_") and not name.startswith("__")


def test_the_check_finds_a_private_import():
    source = "from referee.web.pages.hands import QUESTIONS, _who\nimport a._b\nimport __future__\n"
    assert private_imports(source) == [
        "from referee.web.pages.hands import _who",
        "import a._b",
    ]


def test_no_module_imports_another_modules_private_names():
    found = {
        str(path.relative_to(PACKAGE)): private_imports(path.read_text(encoding="utf-8"))
        for path in sorted(PACKAGE.rglob("*.py"))
    }
    assert {path: names for path, names in found.items() if names} == {}
