# Turns a text file into a C++ header holding it as one raw string literal:
#   cmake -DINPUT=<file> -DOUTPUT=<header> -DNAME=<constant> [-DLABEL=<name in messages>]
#         -P embed_text.cmake
# The header defines `inline constexpr std::string_view <NAME>` in namespace ddblab::embedded,
# byte-identical to the file. Run by the build (see ddblab_embed_text in CMakeLists.txt).
cmake_minimum_required(VERSION 3.25)
foreach(arg INPUT OUTPUT NAME)
  if(NOT DEFINED ${arg})
    message(FATAL_ERROR "embed_text.cmake: -D${arg}=... is required")
  endif()
endforeach()

# The delimiter must never occur in the text: a `)ddblab_text"` inside it would end the literal
# early and the build would compile a truncated prelude (or fail far from the cause).
set(delimiter "ddblab_text")
if(NOT DEFINED LABEL)
  set(LABEL "${INPUT}")
endif()
file(READ "${INPUT}" text)
string(FIND "${text}" ")${delimiter}\"" found)
if(NOT found EQUAL -1)
  message(FATAL_ERROR "embed_text.cmake: ${LABEL} contains `)${delimiter}\"`, the raw-string "
                      "delimiter used to embed it; change the text or the delimiter.")
endif()

set(header "// Generated from ${LABEL} by embed_text.cmake; edit that file, not this one.
#pragma once
#include <string_view>

namespace ddblab::embedded {
inline constexpr std::string_view ${NAME} = R\"${delimiter}(${text})${delimiter}\";
}  // namespace ddblab::embedded
")
file(WRITE "${OUTPUT}" "${header}")
