/**
 * A platform page that searches (the audit log by subject, members by number, mobile, e-mail or
 * name): its title, the search form with the page's own fields, and what was found below it.
 */
export function SearchPage({ titleId, title, submit, onSearch, fields, children }: {
  titleId: string;
  title: string;
  submit: string;
  onSearch: () => void;
  fields: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section className="kw-plt-page" aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      <form
        className="kw-plt-search"
        role="search"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSearch();
        }}
      >
        {fields}
        <button type="submit" className="kw-button kw-button-primary">{submit}</button>
      </form>
      {children}
    </section>
  );
}
