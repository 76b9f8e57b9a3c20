// `ddblab keys`: access keys for a class on one server (`serve --keys FILE --db-per-key DIR`).
#pragma once

namespace ddblab::shell {

// `ddblab keys new N [--out FILE]`: writes a keys file of N fresh keys (1 to 1000; FILE,
// default keys.txt, must not exist and is made readable by its owner only), then prints for each
// student the block to paste into ~/.aws/credentials. `argv` holds the words after "keys" (a
// leading "keys" is skipped). Returns the exit status: 0, 2 for bad arguments, 1 when the file
// cannot be written.
int RunKeysCommand(int argc, char** argv);

}  // namespace ddblab::shell
