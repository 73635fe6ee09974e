export function App() {
  return (
    <main>
      <h1>Panel de Administración</h1>
      <p>El panel de administración está en preparación.</p>
    </main>
  );
}
