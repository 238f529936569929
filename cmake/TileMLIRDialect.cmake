# tile_add_dialect(<Name> <namespace>)
#
# Runs mlir-tblgen over <Name>Ops.td (which includes the dialect's types,
# attributes and enums) and declares the TileMLIR<Name>IncGen target plus the
# generated Markdown documentation (docs/Dialects/<Name>.md).
function(tile_add_dialect name ns)
  set(LLVM_TARGET_DEFINITIONS ${name}Ops.td)
  mlir_tablegen(${name}Ops.h.inc -gen-op-decls)
  mlir_tablegen(${name}Ops.cpp.inc -gen-op-defs)
  mlir_tablegen(${name}Types.h.inc -gen-typedef-decls -typedefs-dialect=${ns})
  mlir_tablegen(${name}Types.cpp.inc -gen-typedef-defs -typedefs-dialect=${ns})
  mlir_tablegen(${name}Attrs.h.inc -gen-attrdef-decls -attrdefs-dialect=${ns})
  mlir_tablegen(${name}Attrs.cpp.inc -gen-attrdef-defs -attrdefs-dialect=${ns})
  mlir_tablegen(${name}Enums.h.inc -gen-enum-decls)
  mlir_tablegen(${name}Enums.cpp.inc -gen-enum-defs)
  mlir_tablegen(${name}Dialect.h.inc -gen-dialect-decls -dialect=${ns})
  mlir_tablegen(${name}Dialect.cpp.inc -gen-dialect-defs -dialect=${ns})
  add_public_tablegen_target(TileMLIR${name}IncGen)
  add_mlir_doc(${name}Ops ${name} Dialects/ -gen-dialect-doc -dialect=${ns})
endfunction()

# tile_add_library(<target> <sources...> [DEPENDS <targets...>]
#                  [LINK_LIBS <libs...>])
#
# A static library of TileMLIR's C++ code, linked against the shared MLIR and
# LLVM libraries (never the static component archives).
function(tile_add_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;LINK_LIBS" ${ARGN})
  add_library(${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  target_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS} MLIR LLVM)
endfunction()

# tile_add_attr_interfaces(<Name>): C++ for the attribute interfaces declared
# in <Name>Attrs.td.
function(tile_add_attr_interfaces name)
  set(LLVM_TARGET_DEFINITIONS ${name}Attrs.td)
  mlir_tablegen(${name}AttrInterfaces.h.inc -gen-attr-interface-decls)
  mlir_tablegen(${name}AttrInterfaces.cpp.inc -gen-attr-interface-defs)
  add_public_tablegen_target(TileMLIR${name}AttrInterfacesIncGen)
endfunction()
