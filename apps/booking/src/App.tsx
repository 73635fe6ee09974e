export function App() {
  return (
    <main>
      <h1>Inscripciones a eventos</h1>
      <p>Estamos preparando la página de inscripciones. Muy pronto podrás reservar tu plaza desde aquí.</p>
    </main>
  );
}
