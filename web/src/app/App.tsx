export function App() {
  return <main>villainy</main>;
}
