/** What the forgot-password and reset-password pages say (shared by pages and actions). */
export const PASSWORD_RESET_MESSAGES = {
  /** The only answer to a reset request, whether or not the address has an account. */
  requested:
    "If an account uses that address, we've sent it a link to choose a new password. The link works for an hour. Check your spam folder if it doesn't arrive.",
  linkInvalid: "This reset link has expired or has already been used. Ask for a new one below.",
  passwordsDiffer: "The two passwords don't match.",
  done: "Your password has been changed and you've been signed out everywhere. Sign in with your new password.",
} as const;
