// The database types generated from the migrations (supabase/types/database.ts), for every remote's
// data access: `usePlatform().supabase as TypedClient`.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@guestmap/supabase/types/database.ts';

export type { Database, Json, Tables, TablesInsert, TablesUpdate, Enums } from '@guestmap/supabase/types/database.ts';
export type TypedClient = SupabaseClient<Database>;
