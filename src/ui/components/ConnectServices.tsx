// Built by the outside-services work: the three Connect Services cards (Spotify, Trakt, Steam).
export function ConnectServices() {
  return (
    <section className="card" aria-labelledby="connect-services-heading">
      <h2 id="connect-services-heading">Connect Services</h2>
    </section>
  );
}
