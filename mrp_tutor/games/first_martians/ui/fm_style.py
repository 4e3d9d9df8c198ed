"""The First Martians panel's page CSS: two columns on a desktop or a tablet held sideways
(play on the left, map and HUB on the right), one column on a phone; buttons big enough
for a finger (44 px), choices that wrap instead of overflowing."""

FM_CSS = """<style>
.fm-panel { box-sizing: border-box; max-width: 1280px; font-size: 14px; }
.fm-panel .fm-title { margin: 4px 0; }
.fm-panel .fm-cols { display: flex; flex-flow: row wrap; gap: 8px 16px; align-items: flex-start;
  width: 100%; }
.fm-panel .fm-col-play { flex: 1 1 420px; min-width: 0; max-width: 100%; }
.fm-panel .fm-col-hub { flex: 1 1 360px; min-width: 0; max-width: 100%; }
.fm-panel .jupyter-button { min-height: 44px; height: auto; padding: 4px 12px;
  white-space: normal; line-height: 1.2; }
.fm-panel .widget-toggle-buttons .widget-toggle-button { min-height: 40px; height: auto;
  margin: 2px; padding: 4px 10px; }
.fm-panel .widget-toggle-buttons { flex-wrap: wrap; max-width: 100%; height: auto; }
.fm-panel .widget-toggle-buttons .widget-label { min-width: 6em; }
.fm-panel .widget-radio-box label { min-height: 32px; display: flex; align-items: center;
  white-space: normal; }
.fm-panel .widget-radio-box { max-width: 100%; }
.fm-panel .widget-hbox, .fm-panel .widget-box { flex-wrap: wrap; max-width: 100%; }
.fm-panel .widget-dropdown { max-width: 100%; height: auto; }
.fm-lesson { margin: 4px 0; }
.fm-panel .widget-dropdown > select { min-height: 40px; min-width: 0; }
.fm-panel .widget-checkbox { min-height: 36px; width: auto; }
.fm-checklist { border: 1px solid #c5cae9; border-radius: 6px; padding: 6px 8px;
  background: #f5f7ff; }
.fm-phases { display: flex; flex-flow: row wrap; gap: 2px 10px; list-style: none; padding: 0;
  margin: 4px 0; }
.fm-ph { white-space: nowrap; color: #555; }
.fm-ph-now { color: #0b3d91; font-weight: 700; }
.fm-ph-done { color: #1b5e20; }
.fm-ph-mark { display: inline-block; width: 1.2em; }
.fm-now { margin-top: 2px; }
.fm-refused { color: #a3231a; font-weight: 600; margin: 4px 0; }
.fm-said { color: #1b3d1b; margin: 4px 0; }
.fm-ask { border: 2px solid #0b5a96; border-radius: 6px; padding: 6px 8px; background: #e3f2fd;
  margin: 4px 0; }
.fm-ask-choices .jupyter-button { font-size: 16px; }
.fm-ask-group { margin: 4px 0 2px; border-left: 3px solid #90caf9; padding-left: 6px; }
.fm-ask-group .widget-html { height: auto; line-height: 1.3; }
.fm-phase-box, .fm-effects, .fm-planner { border-top: 1px solid #ddd; padding-top: 4px;
  margin-top: 4px; }
.fm-panel .fm-route { text-align: left; justify-content: flex-start; margin: 2px 0; }
.fm-planned .widget-html { margin-right: 8px; }
.fm-export-link { display: inline-block; padding: 10px 12px; }
.fm-steps { padding-left: 1.4em; }
.fm-steps .mrp-sentences { padding-left: 1.1em; margin: 2px 0 6px; }
.fm-log { max-height: 480px; overflow-y: auto; }
.fm-panel .mrp-cite { display: inline; color: #4d4d4d; font-size: 12px; margin-left: 4px; }
.fm-panel .mrp-cite summary { display: inline; cursor: pointer; }
.fm-panel.fm-busy { cursor: progress; }
.fm-panel.fm-busy button, .fm-panel.fm-busy .fm-map { pointer-events: none; }
@media (max-width: 700px) {
  .fm-panel { font-size: 15px; }
  .fm-panel .widget-toggle-buttons .widget-label,
  .fm-panel .widget-dropdown > label, .fm-panel .widget-radio > label { width: 100%;
    text-align: left; }
  .fm-panel .widget-toggle-buttons, .fm-panel .widget-dropdown, .fm-panel .widget-radio {
    flex-wrap: wrap; width: 100% !important; }
  .fm-panel .widget-dropdown > select { width: 100%; }
  .fm-panel .widget-dropdown, .fm-panel .widget-toggle-buttons, .fm-panel .widget-radio,
  .fm-panel .widget-upload, .fm-panel .widget-html { height: auto !important; }
  .fm-panel .fm-files > * { margin: 2px 0; }
  .fm-hub td, .fm-hub th { font-size: 12px; }
}
</style>"""
