include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
# The stage libraries (crasp::parse, crasp::compile, ...) and the umbrella crasp::crasp.
get_property(crasp_stage_targets GLOBAL PROPERTY CRASP_STAGES)
install(TARGETS crasp ${crasp_stage_targets} EXPORT crasp-targets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/crasp DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT crasp-targets NAMESPACE crasp:: FILE crasp-targets.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/crasp)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/crasp-config.cmake.in
  ${PROJECT_BINARY_DIR}/crasp-config.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/crasp)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/crasp-config-version.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/crasp-config.cmake ${PROJECT_BINARY_DIR}/crasp-config-version.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/crasp)
