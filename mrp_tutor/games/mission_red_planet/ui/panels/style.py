"""Page-wide CSS that keeps the app usable from a phone (390 px) to a desktop.

Controls wrap instead of overflowing, fixed widths become maximums, the tab bar wraps, and
colours meet WCAG AA contrast (checked by axe-core in the browser tests).
"""

RESPONSIVE_CSS = """<style>
.mrp-app { max-width: 100%; overflow-x: hidden; box-sizing: border-box; }
.mrp-app .widget-hbox { flex-wrap: wrap; max-width: 100%; }
.mrp-app .widget-dropdown, .mrp-app .widget-text, .mrp-app .widget-inline-hbox {
  max-width: 100%; }
.mrp-app .widget-dropdown > select { min-width: 0; }
.mrp-app .widget-label { min-width: 0; }
.mrp-app .mrp-tabs .lm-TabBar-content { flex-wrap: wrap; }
.mrp-app .mrp-tabs .lm-TabBar { min-height: fit-content; }
.mrp-app .mrp-tabs .lm-TabBar-tab { flex: 0 1 auto; min-width: 0; }
.mrp-app .mrp-tabs .lm-TabBar-tabLabel { overflow: visible; }
.mrp-app .mrp-tabs .lm-TabBar-tab { color: #222 !important; background: #e8e8e8 !important; }
.mrp-app .mrp-tabs .lm-TabBar-tab.lm-mod-current {
  color: #000 !important; background: #fff !important; }
.mrp-app .widget-html-content { overflow-wrap: anywhere; }
.mrp-app table.mrp-table { display: block; overflow-x: auto; max-width: 100%; }
.mrp-app table.mrp-table th, .mrp-app table.mrp-table td { overflow-wrap: normal; }
.mrp-app .mrp-cite, .mrp-cd-queue, .mrp-race-lead { color: #4d4d4d; }
.mrp-app .mrp-whatif-cols { flex-wrap: wrap; }
.mrp-app .jupyter-button.mod-primary { background-color: #1458a8; color: #fff; }
.mrp-app .jupyter-button.mod-success { background-color: #1b6e3c; color: #fff; }
.mrp-app .jupyter-button.mod-info { background-color: #0b5a96; color: #fff; }
.mrp-app .jupyter-button.mod-warning { background-color: #8a4b00; color: #fff; }
.mrp-app .jupyter-button.mod-danger { background-color: #a3231a; color: #fff; }
.mrp-app .mrp-race-bars { width: min(240px, 40vw); }
/* One column (a tablet, a phone): the seat panel (Take a seat, the prompt, its choices) comes
   before the board, so what to do and where sit together; the board's own prompt bar would
   repeat the prompt just above it and is left to its floating copy (widgets/float.js). */
@media (max-width: 899px) {
  .mrp-app .mrp-main { flex-flow: column nowrap !important; }
  .mrp-app .mrp-main > *, .mrp-app .mrp-side > * { flex: 0 0 auto !important;
    align-self: stretch; width: 100%; min-width: 0 !important; }
  .mrp-app .mrp-side { display: contents; }
  .mrp-app .mrp-main .mrp-seat-panel { order: -1; }
  .mrp-app .mrp-board-prompt { display: none; }
}
@media (max-width: 700px) {
  .mrp-app h2 { font-size: 18px; }
  .mrp-app .widget-dropdown, .mrp-app .widget-text { width: 100% !important; }
  .mrp-app .widget-dropdown > label, .mrp-app .widget-text > label { width: 80px; }
  .mrp-app .mrp-options { width: 100% !important; }
}
</style>"""
