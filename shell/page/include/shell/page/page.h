// The live page for the classroom (docs/page.md): `.ui` in a shell, `serve --ui` beside an
// endpoint. A front end like the REPL: it shows the statements the session ran and reads tables
// through the client, never the engine.
#pragma once

#include <memory>

#include "ddblab/wire.h"
#include "shell/serve/serve.h"

namespace ddblab::shell {
class Shell;
}

namespace ddblab::shell::page {

// The page of one shell.
class ShellPage {
 public:
  virtual ~ShellPage() = default;
  // A simulation that finished in the shell, as `ddblab simulate --format json` prints it; the
  // Partitions view shows it.
  virtual void SetSimulation(wire::Json simulation) = 0;
};

// Adds `.ui` to `shell`. The page's state lives in what it registers; main hands the returned
// object to the lab so `.simulate` reaches the page.
std::shared_ptr<ShellPage> RegisterPageDotCommand(Shell& shell);

// What `ddblab serve --ui` starts.
ServePageFactory ServePageMaker();

}  // namespace ddblab::shell::page
