/*
 * guestmap_safe_writes: the local stack's stand-in for the safeupdate module that hosted Supabase
 * preloads for the Data API's sessions (`session_preload_libraries = supautils, safeupdate` on the
 * `authenticator` role). Written for this stack, for a PostgreSQL server it runs on (PGlite cannot load
 * C modules: there a test reads every function body instead, supabase/tests/database/31_safe_writes.test.ts).
 *
 * An UPDATE or DELETE that has no WHERE clause (at the top of a statement or in a data-modifying WITH) is
 * refused with SQLSTATE 21000 and hosted's own message, "DELETE requires a WHERE clause", when the role the
 * session acts as (SET ROLE, as the stack's REST layer does for each request; unchanged inside SECURITY
 * DEFINER functions) is one of the Data API's roles: anon, authenticated, service_role. Statements inside
 * functions are analysed as they are first planned, so a function's bare DELETE is refused too, as on hosted.
 * Sessions acting as any other role (migrations, psql as postgres) are not checked, as on hosted where only
 * the Data API's sessions load the module.
 *
 * The module also guards hosted's reserved roles on PostgreSQL 15 (reserved_roles.c).
 */
#include "postgres.h"

#include "fmgr.h"
#include "miscadmin.h"
#include "nodes/parsenodes.h"
#include "parser/analyze.h"
#include "utils/acl.h"

#include "safe_writes.h"

PG_MODULE_MAGIC;

void _PG_init(void);

static post_parse_analyze_hook_type next_hook = NULL;

static bool
acting_as_api_role(void)
{
	static const char *const api_roles[] = {"anon", "authenticated", "service_role"};
	Oid			outer = GetOuterUserId();

	for (int i = 0; i < lengthof(api_roles); i++)
	{
		if (get_role_oid(api_roles[i], true) == outer)
			return true;
	}
	return false;
}

static void
refuse_unqualified(Query *query)
{
	ListCell   *lc;

	foreach(lc, query->cteList)
	{
		CommonTableExpr *cte = lfirst_node(CommonTableExpr, lc);

		if (cte->ctequery && IsA(cte->ctequery, Query))
			refuse_unqualified((Query *) cte->ctequery);
	}
	if ((query->commandType == CMD_UPDATE || query->commandType == CMD_DELETE) &&
		query->jointree != NULL && query->jointree->quals == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_CARDINALITY_VIOLATION),
				 errmsg("%s requires a WHERE clause",
						query->commandType == CMD_UPDATE ? "UPDATE" : "DELETE")));
}

static void
safe_writes_check(ParseState *pstate, Query *query, JumbleState *jstate)
{
	if (next_hook)
		next_hook(pstate, query, jstate);
	if (acting_as_api_role())
		refuse_unqualified(query);
}

void
_PG_init(void)
{
	next_hook = post_parse_analyze_hook;
	post_parse_analyze_hook = safe_writes_check;
	reserved_roles_init();
}
