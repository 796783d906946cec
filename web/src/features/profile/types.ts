/** What the home page is handed once the person has deleted their account, to say it is done. */
export interface AccountDeletedState {
  accountDeleted: true;
}
