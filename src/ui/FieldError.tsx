/** A refusal or validation message next to the form it is about; read out when it appears. */
export function FieldError({ children }: { children: React.ReactNode }) {
  return (
    <p className="kw-error-text" role="alert">
      {children}
    </p>
  );
}
