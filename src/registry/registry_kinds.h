/* Internal to the model tool: one function per model kind, each defined in
 * its own registry_NAME.cpp. The registry (registry.cpp) lists them. */
#ifndef CPM_REGISTRY_KINDS_H
#define CPM_REGISTRY_KINDS_H

#include "registry.h"

namespace cpm::registry {

ModelKind hockney_kind(); /* registry_hockney.cpp */
ModelKind lmo_kind();     /* registry_lmo.cpp */
ModelKind plogp_kind();   /* registry_plogp.cpp */
ModelKind loggp_kind();   /* registry_plogp.cpp */
ModelKind hloggp_kind();  /* registry_hloggp.cpp */
ModelKind dimemas_kind(); /* registry_dimemas.cpp */
ModelKind taulop_kind();  /* registry_taulop.cpp */

} // namespace cpm::registry

#endif
