# The browser build's module (scripts/web): the tiers a page can hold (no terminal library, no
# sockets), with the page's entry (shell/web/) on top, linked into ddblab_web.{js,wasm}. Its
# lessons and exercises are packed beside it (ddblab_web.data), mounted at /share/ddblab.
ddblab_shell_tier(ddblab_webshell TIERS web DEPS ddblab_lab ddblab_views)
add_executable(ddblab_web shell/web_main.cc)
target_compile_options(ddblab_web PRIVATE ${DDBLAB_WARNINGS})
target_link_libraries(ddblab_web PRIVATE ddblab_webshell)
set(web_functions
    _ddblab_web_configure _ddblab_web_open _ddblab_web_feed _ddblab_web_cancel _ddblab_web_prompt
    _ddblab_web_complete _ddblab_web_run _ddblab_web_view _ddblab_web_view_run _ddblab_web_events
    _ddblab_web_resize
    _main _malloc _free)
list(JOIN web_functions "," web_functions)
target_link_options(ddblab_web PRIVATE
  -sMODULARIZE=1 -sEXPORT_NAME=createDdblab -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=64MB
  -sTOTAL_STACK=8MB -sFORCE_FILESYSTEM=1 -lidbfs.js
  "-sEXPORTED_FUNCTIONS=[${web_functions}]"
  "-sEXPORTED_RUNTIME_METHODS=[ccall,cwrap,FS,IDBFS,UTF8ToString,stringToUTF8,lengthBytesUTF8]"
  # SHELL: keeps each flag with its value (CMake folds repeated options otherwise).
  "SHELL:--preload-file ${CMAKE_SOURCE_DIR}/lessons@/share/ddblab/lessons"
  "SHELL:--preload-file ${CMAKE_SOURCE_DIR}/exercises@/share/ddblab/exercises")
