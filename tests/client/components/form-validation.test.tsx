// Forms validate while typing, not on blur: leaving an untouched required field (to click Cancelar) must not
// insert a message that moves the buttons under the pointer.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIELD, LABELS } from '@shared/messages';
import { PasswordForm } from '@client/features/usuarios/password-form';

describe('form validation timing', () => {
  it('no message when an empty field only loses the focus; the message once typed text is cleared', async () => {
    const user = userEvent.setup();
    render(<PasswordForm id="f" onSubmit={async () => {}} />);
    const field = screen.getByLabelText(new RegExp(`^${LABELS.shell.newPassword}`));
    await user.click(field);
    await user.tab();
    expect(screen.queryByText(FIELD.required)).toBeNull();
    await user.type(field, 'x');
    await user.clear(field);
    await screen.findByText(FIELD.required);
  });
});
