/**
 * Where the global search box with suggestions goes (SPEC "Global search box"); its issue
 * replaces this component. The header's grid already reserves a flexible column for it.
 */
export function HeaderSearchSlot() {
  return null;
}
