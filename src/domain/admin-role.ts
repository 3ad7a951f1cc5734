/** Whether an account's stored roles (a JSON array of names, the `rents.roles` column) make it an admin. */
export function hasAdminRole(roles: string): boolean {
  try {
    const parsed: unknown = JSON.parse(roles);
    return Array.isArray(parsed) && parsed.includes('admin');
  } catch {
    return false;
  }
}
