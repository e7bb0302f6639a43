// Placeholder: generates supabase/types/database.ts from the migrated schema (data-model work).
export async function generateTypes(_workdir: string): Promise<void> {
  throw new Error('gen-types is not implemented yet');
}
