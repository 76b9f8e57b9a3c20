# Installation and the Debian package (scripts/package builds one; included at the end of
# CMakeLists.txt). The installed layout is the one the binary looks for its data in:
#   <prefix>/bin/ddblab
#   <prefix>/share/ddblab/lessons, <prefix>/share/ddblab/exercises
#   <prefix>/share/man/man1/ddblab.1.gz
# `cpack -G DEB` in the build folder packages it under /usr into ${CMAKE_BINARY_DIR}/package.
# With the Ninja generator cpack builds nothing: it packages what the last build left.

install(TARGETS ddblab RUNTIME DESTINATION bin)
# Everything in the two folders ships: the Lua lessons with their answers and wrong-answer files
# (a lesson can be replayed with `ddblab lesson run ID --answers FILE`), and each exercise's
# brief, generator, grader, reference, starter, right/ and wrong/ solutions (`ddblab exercise
# check` runs all of them).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/lessons/ DESTINATION share/ddblab/lessons)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/exercises/ DESTINATION share/ddblab/exercises)

# The manual page, written from the built binary's --help texts (scripts/man_page) whenever the
# binary changes. Subcommands whose `--help` does not exit 0 with their own usage are left out
# by the script; the main help lists every subcommand.
if(NOT CMAKE_CROSSCOMPILING)
  find_program(DDBLAB_GZIP gzip REQUIRED)
  set(DDBLAB_MAN_PAGE ${CMAKE_BINARY_DIR}/ddblab.1)
  add_custom_command(
    OUTPUT ${DDBLAB_MAN_PAGE} ${DDBLAB_MAN_PAGE}.gz
    # A sanitized binary must not fail the build on a leak report from a --help run.
    COMMAND ${CMAKE_COMMAND} -E env NO_COLOR=1 ASAN_OPTIONS=detect_leaks=0
            bash ${PROJECT_SOURCE_DIR}/scripts/man_page $<TARGET_FILE:ddblab> ${DDBLAB_MAN_PAGE}
            serve lesson grade exercise course simulate
    # -n: no name or time stamp in the .gz, so the same page gives the same bytes.
    COMMAND ${DDBLAB_GZIP} -9nkf ${DDBLAB_MAN_PAGE}
    DEPENDS ddblab ${PROJECT_SOURCE_DIR}/scripts/man_page
    COMMENT "Writing the manual page ddblab.1"
    VERBATIM)
  add_custom_target(man ALL DEPENDS ${DDBLAB_MAN_PAGE}.gz)
  install(FILES ${DDBLAB_MAN_PAGE}.gz DESTINATION share/man/man1)
endif()

# CPack: one Debian package, `ddblab`.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME ddblab)
if(PROJECT_VERSION)
  set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
else()
  set(CPACK_PACKAGE_VERSION 0.1.0)
endif()
set(CPACK_PACKAGE_VENDOR "ddblab")
set(CPACK_PACKAGE_CONTACT "ddblab maintainers <ddblab@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "interactive shell for learning DynamoDB single-table design")
set(CPACK_PACKAGE_DIRECTORY ${CMAKE_BINARY_DIR}/package)
set(CPACK_STRIP_FILES ON)
# Directories the package creates are 0755 whatever the umask of whoever ran cpack.
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
# `make package_source` (not used by scripts/package) must not pack build folders or git.
set(CPACK_SOURCE_IGNORE_FILES "/build/" "/[.]git/" "/node_modules/")

set(CPACK_DEBIAN_PACKAGE_NAME ddblab)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "ddblab maintainers <ddblab@localhost>")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The extended description; CPack puts CPACK_PACKAGE_DESCRIPTION_SUMMARY above it as the
# synopsis line and indents it.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "ddblab teaches DynamoDB single-table design by letting you do it: an interactive
shell over an embedded, SQLite-backed engine that behaves like DynamoDB's data
plane (tables, secondary indexes, expressions, Query and Scan, transactions and
PartiQL), showing what every call costs in capacity units and which partitions
it touched. It comes with guided lessons, graded design exercises, and a local
server that speaks DynamoDB's JSON protocol for the aws CLI and SDKs.")
# Depends: from the binary's shared libraries (dpkg-shlibdeps, in dpkg-dev; scripts/deps and
# scripts/package install it). Without it CPack would silently write no Depends at all, so a
# configure that does not find it names the Debian 12 packages of the libraries ddblab links.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
find_program(DDBLAB_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(NOT DDBLAB_DPKG_SHLIBDEPS)
  message(STATUS "dpkg-shlibdeps not found (package dpkg-dev): the package's Depends are the "
                 "Debian 12 list in cmake/packaging.cmake")
  set(CPACK_DEBIAN_PACKAGE_DEPENDS
      "libc6, libgcc-s1, libstdc++6, libsqlite3-0, liblua5.4-0, libedit2, libcurl4, zlib1g")
endif()

include(CPack)
