// Answers of functions that return jsonb are typed `Json` by the generated types: an object is read through
// here (anything else reads as an empty object), and its fields are checked one by one by the caller.
import type { Json } from '@guestmap/shared-ui/database';

export type JsonObject = { [key: string]: Json | undefined };

/** `value` when it is a JSON object, otherwise an empty one. */
export function jsonObject(value: Json | undefined): JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
}
