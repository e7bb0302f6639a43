/*
 * The reserved roles of a hosted Supabase database, guarded for the PostgreSQL-server path of the local stack
 * (local-stack/docs/db.md, the supautils row). Hosted's supautils refuses `postgres` (a non-superuser with CREATEROLE) the platform's
 * roles; PostgreSQL 16 and later refuse most of it by themselves (CREATEROLE administers only the roles held
 * WITH ADMIN OPTION), but on PostgreSQL 15 CREATEROLE administers every role that is not a superuser. This
 * hook, written for this stack, refuses a non-superuser:
 *   - creating, renaming (from or to), altering the attributes or password of, or dropping a reserved role;
 *   - changing a reserved role's settings, except for anon, authenticated, service_role and authenticator,
 *     whose settings hosted lets `postgres` change (PostgreSQL itself still checks which settings);
 *   - granting or revoking a reserved membership (the platform's admin roles, authenticator, and the
 *     server-file roles), directly or with CREATE ROLE ... IN ROLE.
 * The messages are hosted's. Superusers (the stack's own bootstrap connection) are not checked.
 */
#include "postgres.h"

#include "miscadmin.h"
#include "nodes/parsenodes.h"
#include "tcop/utility.h"
#include "utils/acl.h"
#include "utils/builtins.h"

#include "safe_writes.h"

static ProcessUtility_hook_type next_utility_hook = NULL;

static const char *const reserved_roles[] = {
	"supabase_admin", "supabase_auth_admin", "supabase_storage_admin", "supabase_realtime_admin",
	"supabase_read_only_user", "supabase_replication_admin", "supabase_etl_admin", "supabase_superuser",
	"dashboard_user", "pgbouncer", "authenticator", "anon", "authenticated", "service_role",
};

static const char *const settable_roles[] = {"anon", "authenticated", "service_role", "authenticator"};

static const char *const reserved_memberships[] = {
	"pg_read_server_files", "pg_write_server_files", "pg_execute_server_program",
	"supabase_admin", "supabase_auth_admin", "supabase_storage_admin", "supabase_read_only_user",
	"supabase_realtime_admin", "supabase_replication_admin", "supabase_etl_admin", "dashboard_user", "pgbouncer",
	"authenticator",
};

static bool
listed(const char *name, const char *const *list, int n)
{
	if (name == NULL)
		return false;
	for (int i = 0; i < n; i++)
	{
		if (strcmp(name, list[i]) == 0)
			return true;
	}
	return false;
}

#define IS_RESERVED(name) listed((name), reserved_roles, lengthof(reserved_roles))
#define IS_SETTABLE(name) listed((name), settable_roles, lengthof(settable_roles))
#define IS_RESERVED_MEMBERSHIP(name) listed((name), reserved_memberships, lengthof(reserved_memberships))

/* The role a RoleSpec names (CURRENT_USER and friends resolved), or NULL for PUBLIC. */
static const char *
role_name(const RoleSpec *spec)
{
	switch (spec->roletype)
	{
		case ROLESPEC_CSTRING:
			return spec->rolename;
		case ROLESPEC_CURRENT_ROLE:
		case ROLESPEC_CURRENT_USER:
			return GetUserNameFromId(GetUserId(), false);
		case ROLESPEC_SESSION_USER:
			return GetUserNameFromId(GetSessionUserId(), false);
		default:
			return NULL;
	}
}

static void
refuse_role(const char *name)
{
	ereport(ERROR,
			(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
			 errmsg("\"%s\" is a reserved role, only superusers can modify it", name)));
}

static void
refuse_membership(const char *name)
{
	ereport(ERROR,
			(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
			 errmsg("\"%s\" role memberships are reserved, only superusers can grant them", name)));
}

static void
check_statement(Node *node)
{
	ListCell   *lc;

	switch (nodeTag(node))
	{
		case T_CreateRoleStmt:
			{
				CreateRoleStmt *stmt = (CreateRoleStmt *) node;

				if (IS_RESERVED(stmt->role))
					refuse_role(stmt->role);
				foreach(lc, stmt->options)
				{
					DefElem    *opt = lfirst_node(DefElem, lc);
					ListCell   *m;

					if (strcmp(opt->defname, "addroleto") != 0)
						continue;
					foreach(m, (List *) opt->arg)
					{
						const char *name = role_name(lfirst_node(RoleSpec, m));

						if (IS_RESERVED_MEMBERSHIP(name))
							refuse_membership(name);
					}
				}
				break;
			}
		case T_AlterRoleStmt:
			{
				/* ALTER ROLE ... WITH ..., PASSWORD, and ALTER GROUP ... ADD/DROP USER */
				const char *name = role_name(((AlterRoleStmt *) node)->role);

				if (IS_RESERVED(name))
					refuse_role(name);
				break;
			}
		case T_AlterRoleSetStmt:
			{
				AlterRoleSetStmt *stmt = (AlterRoleSetStmt *) node;
				const char *name = stmt->role ? role_name(stmt->role) : NULL;

				if (IS_RESERVED(name) && !IS_SETTABLE(name))
					refuse_role(name);
				break;
			}
		case T_DropRoleStmt:
			foreach(lc, ((DropRoleStmt *) node)->roles)
			{
				const char *name = role_name(lfirst_node(RoleSpec, lc));

				if (IS_RESERVED(name))
					refuse_role(name);
			}
			break;
		case T_RenameStmt:
			{
				RenameStmt *stmt = (RenameStmt *) node;

				if (stmt->renameType != OBJECT_ROLE)
					break;
				if (IS_RESERVED(stmt->subname))
					refuse_role(stmt->subname);
				if (IS_RESERVED(stmt->newname))
					refuse_role(stmt->newname);
				break;
			}
		case T_GrantRoleStmt:
			foreach(lc, ((GrantRoleStmt *) node)->granted_roles)
			{
				AccessPriv *granted = lfirst_node(AccessPriv, lc);

				if (IS_RESERVED_MEMBERSHIP(granted->priv_name))
					refuse_membership(granted->priv_name);
			}
			break;
		default:
			break;
	}
}

static void
reserved_roles_utility(PlannedStmt *pstmt, const char *queryString, bool readOnlyTree,
					   ProcessUtilityContext context, ParamListInfo params,
					   QueryEnvironment *queryEnv, DestReceiver *dest, QueryCompletion *qc)
{
	if (!superuser())
		check_statement(pstmt->utilityStmt);
	if (next_utility_hook)
		next_utility_hook(pstmt, queryString, readOnlyTree, context, params, queryEnv, dest, qc);
	else
		standard_ProcessUtility(pstmt, queryString, readOnlyTree, context, params, queryEnv, dest, qc);
}

void
reserved_roles_init(void)
{
	next_utility_hook = ProcessUtility_hook;
	ProcessUtility_hook = reserved_roles_utility;
}
