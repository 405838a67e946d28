/** A route parameter that names an account (`:student_id`, `:teacher_id`): a positive whole number, else null. */
export function accountIdParam(value: string | undefined): number | null {
  return value !== undefined && /^[1-9]\d*$/.test(value) ? Number(value) : null;
}
