import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { isEmailAddress, isLongEnoughPassword, maxLengths, minPasswordLength } from '@/components/forms/validators';

interface Schema {
  properties?: Record<string, { maxLength?: number; minLength?: number; format?: string }>;
}

const spec = YAML.parse(fs.readFileSync(path.resolve(__dirname, '../../../api-spec.yaml'), 'utf8')) as {
  components: { schemas: Record<string, Schema> };
};

describe('the validators every form checks with', () => {
  it.each(Object.entries(maxLengths).flatMap(([schema, fields]) => Object.entries(fields).map(([field, length]) => ({ schema, field, length }))))(
    "$schema.$field is at most $length characters, as api-spec.yaml's maxLength says",
    ({ schema, field, length }) => {
      expect(spec.components.schemas[schema]?.properties?.[field]?.maxLength).toBe(length);
    },
  );

  it("lists every text field with a maxLength of the forms' request bodies", () => {
    for (const [schema, fields] of Object.entries(maxLengths)) {
      // A field with a format (a date-time) is filled by a picker, not typed: it has no counter.
      const stated = Object.entries(spec.components.schemas[schema]?.properties ?? {})
        .filter(([, property]) => property.maxLength !== undefined && property.format !== 'date-time')
        .map(([name]) => name);
      expect({ schema, fields: Object.keys(fields).sort() }).toEqual({ schema, fields: stated.sort() });
    }
  });

  it("asks a new password for the provider's minLength", () => {
    for (const schema of ['PasswordResetForm', 'PasswordChangeForm', 'StudentRegistrationForm', 'TeacherRegistrationForm']) {
      expect(spec.components.schemas[schema]?.properties?.password?.minLength).toBe(minPasswordLength);
    }
    expect(isLongEnoughPassword('1234567')).toBe(false);
    expect(isLongEnoughPassword(' 1234567 ')).toBe(false);
    expect(isLongEnoughPassword('12345678')).toBe(true);
  });

  it.each(['name@example.com', ' name@example.com ', 'first.last+tag@mail.example.co.uk'])('takes %p for an e-mail address', (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each(['a@b', 'a@.b', 'a@b.', 'a@b..c', 'name@', '@example.com', 'two words@example.com', 'a@b@c.com'])('refuses %p', (address) => {
    expect(isEmailAddress(address)).toBe(false);
  });
});
