#pragma once

namespace clstep::ui {

class MainWindow;

/// Builds the main window's menu bar: File (open, samples, save), Edit, Debug (from
/// DebugActions), View (zoom, presentation mode, dark theme, docks, layout) and Help.
class MainMenus {
public:
    /// Adds the menus to `window`'s menu bar (call once its docks exist).
    static void build(MainWindow* window);
};

} // namespace clstep::ui
