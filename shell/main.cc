// Entry point of the ddblab executable.
#include <cstdio>

int main() {
  std::puts("ddblab 0.1");
  return 0;
}
