/* Internal to the model tool: one function per model kind, each defined in
 * its own cli_kind_NAME.cpp. The registry (cli_registry.cpp) lists them. */
#ifndef CPM_CLI_KINDS_H
#define CPM_CLI_KINDS_H

#include "cli_registry.h"

namespace cpm::cli {

ModelKind hockney_kind(); /* cli_kind_hockney.cpp */
ModelKind lmo_kind();     /* cli_kind_lmo.cpp */
ModelKind plogp_kind();   /* cli_kind_plogp.cpp */
ModelKind loggp_kind();   /* cli_kind_plogp.cpp */
ModelKind hloggp_kind();  /* cli_kind_hloggp.cpp */
ModelKind dimemas_kind(); /* cli_kind_dimemas.cpp */
ModelKind taulop_kind();  /* cli_kind_taulop.cpp */

} // namespace cpm::cli

#endif
