// Table tools for mrp_tutor (anywidget): keep the referee's saved table in this browser
// (localStorage), download the scenario file and the sheet, print the sheet.
// No game logic: Python sends the texts, the browser stores and prints them.

const KEY = "mrp_tutor.saved_table.v1";

function readStored() {
  try { return window.localStorage.getItem(KEY) || ""; } catch (e) { return ""; }
}

const urls = [];  // blob URLs of the links drawn last (revoked when redrawn)

function link(cls, label, name, type, text) {
  const a = document.createElement("a");
  a.className = `mrp-tt-link ${cls}`;
  a.textContent = label;
  a.download = name;
  a.href = URL.createObjectURL(new Blob([text], { type }));
  urls.push(a.href);
  return a;
}

export default {
  render({ model, el }) {
    el.classList.add("mrp-table-tools");
    const bar = document.createElement("div");
    bar.className = "mrp-tt-bar";
    el.appendChild(bar);
    const send = (stored) => { model.set("stored", stored); model.save_changes(); };

    const draw = () => {
      bar.replaceChildren();
      while (urls.length) URL.revokeObjectURL(urls.pop());
      const file = model.get("file_text");
      const sheet = model.get("sheet");
      if (file) bar.appendChild(link("mrp-tt-download", "Download scenario file",
                                     model.get("file_name") || "my-table.yaml", "text/yaml", file));
      if (sheet) {
        bar.appendChild(link("mrp-tt-sheet-file", "Download sheet (HTML)", "table-sheet.html",
                             "text/html", sheet));
        const print = document.createElement("button");
        print.className = "mrp-tt-print jupyter-button";
        print.textContent = "Print sheet";
        print.title = "Open the one-page sheet and print it (or save it as PDF)";
        print.addEventListener("click", () => {
          const url = URL.createObjectURL(new Blob([model.get("sheet")], { type: "text/html" }));
          const w = window.open(url, "_blank");
          if (w) w.addEventListener("load", () => { try { w.print(); } catch (e) { /* none */ } });
        });
        bar.appendChild(print);
      }
      const saved = document.createElement("span");
      saved.className = "mrp-tt-saved";
      saved.textContent = model.get("stored") ? "A table is saved in this browser." :
        "No table saved in this browser yet.";
      bar.appendChild(saved);
    };

    model.on("msg:custom", (msg) => {
      if (!msg || typeof msg !== "object") return;
      if (msg.kind === "save" && typeof msg.text === "string") {
        try {
          window.localStorage.setItem(KEY, msg.text);
          send(msg.text);
          model.send({ kind: "saved", ok: true });
        } catch (e) {
          model.send({ kind: "saved", ok: false });
        }
      } else if (msg.kind === "forget") {
        try { window.localStorage.removeItem(KEY); } catch (e) { /* none */ }
        send("");
      }
    });
    model.on("change:file_text", draw);
    model.on("change:sheet", draw);
    model.on("change:stored", draw);
    send(readStored());
    draw();
  },
};
