/** Joins CSS class names, leaving out empty ones: cx('button', isActive && 'button--active'). */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
