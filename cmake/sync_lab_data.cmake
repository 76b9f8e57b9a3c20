# Brings <DEST>/lessons and <DEST>/exercises up to date with <SOURCE>'s, touching only what
# changed. Each changed file is written aside and renamed over the old one (rename is atomic),
# and the folders are never removed, so a `ddblab grade` or `course check` reading them while a
# build runs sees every file whole, old or new, and never a missing folder.
#   cmake -DSOURCE=<checkout> -DDEST=<build>/share/ddblab -P sync_lab_data.cmake
cmake_minimum_required(VERSION 3.25)
foreach(dir lessons exercises)
  file(GLOB_RECURSE wanted LIST_DIRECTORIES false RELATIVE ${SOURCE}/${dir} ${SOURCE}/${dir}/*)
  foreach(rel ${wanted})
    set(src ${SOURCE}/${dir}/${rel})
    set(dst ${DEST}/${dir}/${rel})
    if(EXISTS ${dst})
      file(SHA256 ${src} src_hash)
      file(SHA256 ${dst} dst_hash)
      if(src_hash STREQUAL dst_hash)
        continue()
      endif()
    endif()
    get_filename_component(parent ${dst} DIRECTORY)
    file(MAKE_DIRECTORY ${parent})
    string(RANDOM LENGTH 12 tag)
    file(COPY_FILE ${src} ${dst}.${tag}.part)
    file(RENAME ${dst}.${tag}.part ${dst})
  endforeach()
  # What the checkout no longer has goes (a deleted lesson must not linger in the lists).
  if(EXISTS ${DEST}/${dir})
    file(GLOB_RECURSE present LIST_DIRECTORIES false RELATIVE ${DEST}/${dir} ${DEST}/${dir}/*)
    foreach(rel ${present})
      if(NOT rel IN_LIST wanted AND NOT rel MATCHES "\\.part$")
        file(REMOVE ${DEST}/${dir}/${rel})
      endif()
    endforeach()
  endif()
endforeach()
