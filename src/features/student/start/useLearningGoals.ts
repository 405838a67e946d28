import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useState } from 'react';
import { isUnsupported, type LearnerLevel, type LearningGoals, useGetLearningGoalsQuery, useGetStudentQuery, useUpdateLearningGoalsMutation } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { selectStudentId } from '@/features/session/sessionSlices';
import { parseInterests } from '@/features/student/area/recommendCourses';

export interface GoalsChoice {
  learning_languages: string[];
  level: LearnerLevel | null;
}

const storageKey = (studentId: number) => `learningGoals.${studentId}`;

/** The choice kept in this browser (a provider without the extension), or none. */
function readKept(studentId: number): GoalsChoice | null {
  try {
    const kept = JSON.parse(localStorage.getItem(storageKey(studentId)) ?? 'null') as GoalsChoice | null;
    return kept && Array.isArray(kept.learning_languages) ? kept : null;
  } catch {
    return null;
  }
}

export interface LearningGoalsState {
  /** Undefined while loading (or after a failure). */
  goals: LearningGoals | undefined;
  error: unknown;
  retry: () => void;
  /** True on a provider without the extension: the choice is kept in this browser. */
  keptInBrowser: boolean;
  save: (choice: GoalsChoice) => Promise<void>;
  saving: boolean;
}

/**
 * The logged-in student's learning goals (`getLearningGoals`, an extension, issue 39) and how to
 * save them. On a provider without it (404 or 405) the choice is kept in this browser
 * (localStorage, per student) and the interests come from the student's record.
 */
export function useLearningGoals(): LearningGoalsState {
  const studentId = useAppSelector(selectStudentId);
  const arg = studentId === null ? skipToken : { studentId };
  const query = useGetLearningGoalsQuery(arg);
  const [update, { isLoading: saving }] = useUpdateLearningGoalsMutation();
  const keptInBrowser = query.data === undefined && query.error !== undefined && isUnsupported(query.error);
  const student = useGetStudentQuery(keptInBrowser ? arg : skipToken);
  const [kept, setKept] = useState<GoalsChoice | null>(() => (studentId === null ? null : readKept(studentId)));

  const save = useCallback(
    async (choice: GoalsChoice) => {
      if (studentId === null) return;
      if (keptInBrowser) {
        localStorage.setItem(storageKey(studentId), JSON.stringify(choice));
        setKept(choice);
        return;
      }
      await update({
        studentId,
        learningGoalsForm: { learning_languages: JSON.stringify(choice.learning_languages), level: choice.level ?? '' },
      }).unwrap();
    },
    [keptInBrowser, studentId, update],
  );

  if (keptInBrowser) {
    return {
      goals: student.data && {
        learning_languages: kept?.learning_languages ?? [],
        level: kept?.level ?? null,
        interests: parseInterests(student.data.interested_categories),
      },
      error: student.data === undefined && student.isError ? student.error : undefined,
      retry: () => void student.refetch(),
      keptInBrowser,
      save,
      saving,
    };
  }
  return {
    goals: query.data,
    error: query.data === undefined && query.isError ? query.error : undefined,
    retry: () => void query.refetch(),
    keptInBrowser,
    save,
    saving,
  };
}
