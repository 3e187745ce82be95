// A form's refusal as the player reads it: the server's message in an alert banner, or nothing.
export function FormFailure({ message }: { message: string | null | undefined }) {
  return message ? (
    <div className="banner banner-error" role="alert">
      {message}
    </div>
  ) : null;
}
