// The signed-in user's authenticator-app factors (GoTrue's /factors, through the auth client), verified or not.
import type { Supabase } from '@guestmap/shared-ui/contracts';

export interface Factor {
  id: string;
  friendly_name?: string;
  status: string;
  factor_type: string;
  created_at: string;
}

export async function listFactors(supabase: Supabase): Promise<Factor[]> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return (data?.all ?? []).filter((f) => f.factor_type === 'totp') as Factor[];
}
