// The views of the terminal's shell, for the page beside it (web/views_bridge.js asks for them
// through ddblab_web_view, ddblab_web_view_run and ddblab_web_events).
#include "web_views.h"

#include <string>
#include <vector>

namespace ddblab::web {

std::shared_ptr<shell::page::ShellViews> AttachViews(shell::Shell& shell) {
  auto views = std::make_shared<shell::page::ShellViews>(shell);
  views->SetShown(true);  // the views sit beside the terminal from the start
  shell.AddStatementFollower(
      [views](shell::StatementResult& r, shell::ShellContext&) { views->OnStatement(r); });
  shell.AddInputListener([views](const shell::Shell::InputDone& done) { views->OnInput(done); });
  shell.RegisterDotCommand(shell::DotExtension{
      ".ui", ".ui [--statements|--read-only]",
      "the live views beside the terminal: their statement box on or off",
      "  The views beside the terminal show this shell's tables as item collections, each\n"
      "  index's view of them, every call with its cost and partitions, and the partition heat\n"
      "  map (the View button shows or hides them). --statements adds a box whose statements\n"
      "  run in this shell; --read-only removes it.",
      [views](shell::ShellContext& context, const std::vector<std::string>& args) {
        for (const std::string& a : args) {
          if (a == "--statements" || a == "--read-only") {
            views->SetStatements(a == "--statements");
          } else {
            context.sink().ErrLine(".ui: unknown argument " + a +
                                   " (usage: .ui [--statements|--read-only])");
            return false;
          }
        }
        context.sink().Line(views->statements()
                                ? "The views beside the terminal have a statement box (.ui "
                                  "--read-only removes it)."
                                : "The views are beside the terminal (.ui --statements adds a "
                                  "statement box).");
        return true;
      }});
  return views;
}

}  // namespace ddblab::web
