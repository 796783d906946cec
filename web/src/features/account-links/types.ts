/** What the reset page hands the page it leads to once the new password is saved and the session open. */
export interface PasswordResetDoneState {
  passwordReset: true;
}
