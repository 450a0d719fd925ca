# Fails the build when a source file includes a header of a higher layer. Run as a script:
#   cmake -DROOT=<source dir> -P cmake/CheckLayers.cmake
# Layers, bottom up (a folder's layer is its first component under src/ or include/cunumpy/):
#   base < scalar < runtime < memory < core < kernels < backend < ops < python (python/src)
# A file may include headers of its own layer and of the layers below it.
set(LAYERS base scalar runtime memory core kernels backend ops python)

function(layer_of path out)  # path relative to ROOT
  set(result -1)
  if(path MATCHES "^python/src/")
    set(name python)
  elseif(path MATCHES "^include/cunumpy/([a-z_]+)/")
    set(name ${CMAKE_MATCH_1})
  elseif(path MATCHES "^src/([a-z_]+)/")
    set(name ${CMAKE_MATCH_1})
  else()
    set(name "")
  endif()
  if(name)
    list(FIND LAYERS ${name} result)
  endif()
  set(${out} ${result} PARENT_SCOPE)
  set(${out}_name ${name} PARENT_SCOPE)
endfunction()

file(GLOB_RECURSE FILES RELATIVE ${ROOT}
     ${ROOT}/src/*.cpp ${ROOT}/src/*.hpp ${ROOT}/src/*.h ${ROOT}/src/*.cuh
     ${ROOT}/include/*.hpp ${ROOT}/python/src/*.cpp ${ROOT}/python/src/*.hpp)
set(violations "")
foreach(f ${FILES})
  layer_of(${f} own)
  if(own LESS 0)
    continue()
  endif()
  file(STRINGS ${ROOT}/${f} lines REGEX "^[ \t]*#[ \t]*include[ \t]+\"")
  foreach(line ${lines})
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]+\"([^\"]+)\".*" "\\1" inc "${line}")
    if(inc MATCHES "^cunumpy/([a-z_]+)/")
      layer_of("include/${inc}" target)
    elseif(inc MATCHES "^[a-z_]+/")
      layer_of("src/${inc}" target)
    else()
      continue()  # same folder
    endif()
    if(target GREATER own)
      string(APPEND violations "  ${f} (${own_name}) includes ${inc} (${target_name})\n")
    endif()
  endforeach()
endforeach()
if(violations)
  message(FATAL_ERROR "cunumpy: includes that cross a layer upward (see cmake/CheckLayers.cmake):\n${violations}")
endif()
