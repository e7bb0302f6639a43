// The database types generated from the migrations (supabase/types/database.ts). The contract's clients
// are typed with them already (`usePlatform().db`: `Db`, `useSupabase()`: `Supabase`); screens take row
// shapes from here (`Tables<'customers'>`) instead of writing their own.
import type { Supabase } from './contracts/db.ts';

export type { Database, Json, Tables, TablesInsert, TablesUpdate, Enums } from '@guestmap/supabase/types/database.ts';
/** The typed Supabase client (the contract's `Supabase`), kept under its earlier name. */
export type TypedClient = Supabase;
