// A button that opens a saved file and hands its bytes to Python: the label says what it
// does ("Import a saved game…"), never a count of files. No game logic here.

export default {
  render({ model, el }) {
    const button = document.createElement("button");
    button.className = "jupyter-button widget-upload mrp-file-pick";
    const input = document.createElement("input");
    input.type = "file";
    input.style.display = "none";
    const draw = () => {
      button.textContent = model.get("label");
      button.title = model.get("hint");
      input.accept = model.get("accept");
    };
    button.addEventListener("click", () => { input.value = ""; input.click(); });
    input.addEventListener("change", () => {
      const file = (input.files || [])[0];
      if (!file) return;
      if (file.size > model.get("max_bytes")) {  // not read: Python says it is too large
        model.send({ name: file.name, size: file.size });
        return;
      }
      file.arrayBuffer().then((buf) => model.send({ name: file.name, size: file.size },
                                                   undefined, [buf]));
    });
    model.on("change:label", draw);
    model.on("change:hint", draw);
    draw();
    el.append(button, input);
  },
};
