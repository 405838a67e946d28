import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { isEmailAddress, isLongEnoughPassword, minPasswordLength } from '@/components/forms/validators';

interface Schema {
  properties?: Record<string, { minLength?: number }>;
}

const spec = YAML.parse(fs.readFileSync(path.resolve(__dirname, '../../../api-spec.yaml'), 'utf8')) as {
  components: { schemas: Record<string, Schema> };
};

describe('the validators every form checks with', () => {
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
