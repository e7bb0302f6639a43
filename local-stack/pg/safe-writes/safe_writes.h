/* The parts of the guestmap_safe_writes module, each installing its hook from the module's _PG_init. */
#ifndef GUESTMAP_SAFE_WRITES_H
#define GUESTMAP_SAFE_WRITES_H

extern void reserved_roles_init(void);

#endif
