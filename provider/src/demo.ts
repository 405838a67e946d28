/** Fixed demo accounts seeded into a new database; tests and the start script use them. */
export const demoLogins = {
  student: { email: 'student@academy.test', password: 'student-demo-1' },
  /** A second student, enrolled in other courses than the demo student. */
  otherStudent: { email: 'kofi@academy.test', password: 'student-demo-2' },
  teacher: { email: 'teacher@academy.test', password: 'teacher-demo-1' },
  /** A second approved teacher, owner of the other demo courses. */
  otherTeacher: { email: 'kwame@academy.test', password: 'teacher-demo-2' },
  /** Registered but not approved: its login is refused. */
  pendingTeacher: { email: 'pending@academy.test', password: 'pending-demo-1' },
} as const;

export function describeDemoLogins(): string {
  return [
    `  student  ${demoLogins.student.email} / ${demoLogins.student.password}`,
    `  teacher  ${demoLogins.teacher.email} / ${demoLogins.teacher.password}`,
  ].join('\n');
}
