import { screen, within } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { CertificatePage } from '@/features/learning/CertificatePage';
import { learningMessages as messages } from '@/features/learning/messages';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint } from '@test/mockEndpoint';
import { renderRoute } from '@test/render';

const CODE = 'K7Q2M9X4T1BZ';

beforeEach(() => {
  mockDb.certificates = [
    { code: CODE, student: 7, student_name: 'Ada Lovelace', course: 1, course_title: 'Yoruba for Beginners', teacher_name: 'Amara Obi', completed_at: '2025-03-02T18:25:43.511Z' },
  ];
});

describe('certificate page', () => {
  it("shows a visitor the certificate, verified against the academy's records, with its verification address and a print button", async () => {
    const print = jest.spyOn(window, 'print').mockReturnValue(undefined);
    const { user } = renderRoute(patterns.certificate, <CertificatePage />, { route: `/certificates/${CODE.toLowerCase()}` });

    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: messages.certificateTitle })).toBeInTheDocument();
    expect(screen.getByText(messages.certificateGenuine('Language Academy'))).toBeInTheDocument();
    for (const text of ['Ada Lovelace', 'Yoruba for Beginners', messages.taughtBy('Amara Obi'), messages.completedOn('2 March 2025'), CODE]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText(`${window.location.origin}/certificates/${CODE}`)).toBeInTheDocument();
    // The course has exercises: finishing it meant practising them.
    expect(await screen.findByText('and practised all its exercises')).toBeInTheDocument();
    expect(document.title).toBe(`${messages.certificateTitle}: Yoruba for Beginners – Ada Lovelace — Language Academy`);

    await user.click(screen.getByRole('button', { name: messages.print }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('says that no certificate has an unknown code, and offers Retry when the check fails', async () => {
    const { unmount } = renderRoute(patterns.certificate, <CertificatePage />, { route: '/certificates/AAAAAAAAAAAA' });
    expect(await screen.findByRole('heading', { level: 1, name: messages.noCertificateTitle })).toBeInTheDocument();
    expect(screen.getByText(messages.noCertificateText)).toBeInTheDocument();
    unmount();

    failEndpoint('verifyCertificate', 500, { once: true });
    const { user } = renderRoute(patterns.certificate, <CertificatePage />, { route: `/certificates/${CODE}` });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.certificateFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
  });
});
