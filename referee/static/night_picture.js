// The settle-up page's picture of the night (drawn as SVG by referee/web/pages/night_picture.py)
// made a PNG here, which every chat app shows as a picture, and handed to the phone's share
// sheet (Web Share API, with files), or saved where there is none (a computer, headless
// Chromium). It is made as the page opens, so a tap shares at once: Safari refuses a share
// sheet asked for long after the tap. Without script the link itself saves the SVG.
// While the phone keeps hands of this table, the page's figures leave them out (and say so:
// static/offline/counted.js marks each block it labels with data-before), and so would
// the server's picture: the tap then says so, and shares nothing.
import { words } from "./offline/words.js";

const link = document.querySelector("a.night-picture");

function canShareFiles() {
  try {
    const probe = new File([new Uint8Array(8)], "picture.png", { type: "image/png" });
    return Boolean(navigator.canShare && navigator.canShare({ files: [probe] }));
  } catch {
    return false;
  }
}

// The page's own colours: referee.css says dark, light.css light (referee/web/theme.py).
function scheme() {
  return getComputedStyle(document.documentElement).colorScheme === "light" ? "light" : "dark";
}

async function drawing() {
  const url = new URL(link.href);
  url.searchParams.set("theme", scheme());
  const response = await fetch(url); // no network: a TypeError, said below
  if (!response.ok) throw Object.assign(new Error("refused"), { status: response.status });
  return response.text();
}

// The SVG drawn on a canvas of its own size (1080 px wide), as a PNG; the SVG itself where
// the browser will not (an older Safari forbids reading a canvas an SVG was drawn on).
async function picture(name) {
  const svg = await drawing();
  try {
    const image = new Image();
    image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    canvas.getContext("2d").drawImage(image, 0, 0);
    const png = await new Promise((done) => canvas.toBlob(done, "image/png"));
    if (png) return new File([png], `${name}.png`, { type: "image/png" });
  } catch {
    // the SVG, below
  }
  return new File([svg], `${name}.svg`, { type: "image/svg+xml" });
}

function save(file) {
  const saving = document.createElement("a");
  saving.href = URL.createObjectURL(file);
  saving.download = file.name;
  document.body.append(saving);
  saving.click();
  saving.remove();
  setTimeout(() => URL.revokeObjectURL(saving.href), 60_000);
}

if (link) {
  const sharing = canShareFiles();
  if (sharing) link.textContent = link.dataset.share;
  const name = link.getAttribute("download").replace(/\.svg$/, "");
  const status = link.parentElement.querySelector(".shared");
  let made = null;
  const make = () => {
    made = picture(name);
    made.catch(() => (made = null)); // a failed picture is asked for again at the next tap
    return made;
  };
  make();

  link.addEventListener("click", async (event) => {
    event.preventDefault();
    status.textContent = "";
    const leftOut = document.querySelector("[data-counted][data-before]");
    if (leftOut) {
      status.textContent = words("picture_before_kept", { count: Number(leftOut.dataset.before) });
      return;
    }
    let file;
    try {
      file = await (made || make());
    } catch (error) {
      status.textContent = error.status
        ? words("picture_refused", { status: error.status })
        : words("picture_offline");
      return;
    }
    if (sharing) {
      try {
        await navigator.share({ files: [file], title: link.dataset.title });
        return;
      } catch (error) {
        if (error.name === "AbortError") return; // the sheet closed without sharing
      }
    }
    save(file);
  });
}
