//! The About page ("Info"): the model, its source, what it is not, what
//! the views, the measures and their charts, the table and the controls do.

use leptos::prelude::*;

/// A short German text on the model, this project's variant, the views, the
/// table and files, and the controls.
#[component]
pub fn AboutPage() -> impl IntoView {
    view! {
        <article class="page narrow about">
            <h1>"Über dieses Modell"</h1>

            <h2>"Die Idee: drei Regeln"</h2>
            <p>
                "Die Idee stammt von Craig Reynolds: „Flocks, Herds, and Schools: A Distributed "
                "Behavioral Model“ (SIGGRAPH 1987). Jeder Boid sieht nur seine Nachbarn und folgt "
                "drei Regeln: " <strong>"Abstand"</strong> " (zu nahen Nachbarn ausweichen), "
                <strong>"Richtung"</strong> " (die Geschwindigkeit der Nachbarn übernehmen) und "
                <strong>"Kohäsion"</strong> " (zur Mitte der Nachbarn streben). Aus diesen lokalen "
                "Regeln entsteht ohne Anführer ein Schwarm."
            </p>

            <h2>"Die Variante dieses Projekts"</h2>
            <p>
                "Gewichte, Radius, periodischer Rand und feste Schrittregel sind die Variante "
                "dieses Projekts von Reynolds' Modell (1987), nicht „die eine richtige“ "
                "Boids-Formel:"
            </p>
            <ul>
                <li>
                    "Der Raum ist ein " <strong>"periodischer Würfel"</strong> " mit 8,4 LE Kantenlänge: "
                    "wer eine Seite verlässt, kommt gegenüber wieder herein, und Abstände werden "
                    "über den Rand hinweg auf dem kürzesten Weg gemessen."
                </li>
                <li>
                    "Nachbarn sind alle anderen Boids im Abstand von höchstens dem " <strong>"Radius"</strong>
                    ". Abstand wirkt nur bei Nachbarn näher als 0,35 × Radius und wird summiert, "
                    "nicht gemittelt; Richtung und Kohäsion sind Mittelwerte über alle Nachbarn."
                </li>
                <li>
                    "Die Gewichte gelten " <strong>"einmal je Schritt von 0,04 s"</strong>
                    ", nicht als stetige Kräfte. Danach wird das Tempo auf das Höchsttempo begrenzt."
                </li>
                <li>
                    "Alle Boids werden " <strong>"synchron"</strong>
                    " bewegt: jeder liest denselben alten Zustand, dann ziehen alle gleichzeitig um."
                </li>
                <li>
                    "Der Anfangszustand folgt aus dem Seed über einen einfachen Zufallsgenerator: "
                    "gleiche Parameter ergeben genau denselben Verlauf. Die Boids sind ab 0 nummeriert."
                </li>
            </ul>

            <h2>"Was das Modell nicht ist"</h2>
            <p>
                "Es ist keine kalibrierte Simulation von Vögeln, Fischen oder Strömungen. Längen sind "
                "freie Modelleinheiten (" <strong>"LE"</strong> "), Geschwindigkeiten LE/s; es gibt "
                "keine Hindernisse, Ziele, Zusammenstöße oder Kraftgesetze. Das Modell zeigt, wie "
                "drei einfache lokale Regeln zusammenwirken – nicht, wie sich echte Tiere bewegen."
            </p>

            <h2>"Was die Ansichten zeigen"</h2>
            <ul>
                <li>
                    "Die " <strong>"3D-Ansicht"</strong> " zeigt jeden Boid als gleich großen Kegel, "
                    "der in seine Flugrichtung zeigt, im umrandeten Würfel. Die Farbe zeigt die "
                    "Flugrichtung in der waagerechten x-z-Ebene wie ein Kompass und wird blasser, je "
                    "steiler ein Boid steigt oder sinkt. Ein Boid in Ruhe ist ein Punkt (eine kleine "
                    "graue Kugel). Ziehen mit der Maus oder einem Finger dreht die Ansicht, zwei "
                    "Finger oder Strg/⌘ + Mausrad zoomen; das Mausrad allein scrollt die Seite wie "
                    "gewohnt. Ein Klick wählt den nächstgelegenen Boid aus, ein Klick daneben hebt "
                    "die Auswahl auf; „Ansicht zurücksetzen“ stellt die Kamera zurück."
                </li>
                <li>
                    "Ohne WebGL2 (oder wenn der Browser die 3D-Grafik endgültig verliert) zeigt die "
                    <strong>"SVG-Ansicht"</strong> " denselben Zustand in einer festen isometrischen "
                    "Projektion; ein Hinweis nennt den Grund. Jeder Boid ist dort eine gleich große "
                    "Pfeilspitze in Flugrichtung; ein Punkt steht für einen Boid in Ruhe oder einen, "
                    "der senkrecht zur Bildebene fliegt. Ein Klick wählt auch hier aus."
                </li>
                <li>
                    "Beide Ansichten markieren den ausgewählten Boid mit einem " <strong>"Ring"</strong>
                    ". Symbolgröße und Farbe zeigen keine Geschwindigkeit, und Überlappung im Bild "
                    "heißt nicht gleicher Ort im Raum."
                </li>
                <li>
                    "Der Status nennt Modellzeit (Schritte × 0,04 s), Schritte, Anzahl, die Maße des "
                    "ganzen Schwarms (siehe unten), die Auswahl und die gemessene Rechenleistung, auch wie schnell die Modellzeit "
                    "gegenüber der Echtzeit läuft (zum Beispiel „0,3 × Echtzeit“, wenn die Rechnung "
                    "nicht mitkommt)."
                </li>
                <li>
                    "Für den ausgewählten Boid zeigen beide Ansichten seine " <strong>"Regeln"</strong>
                    ": einen Kreis mit dem Radius (seine Nachbarschaft) und einen kleineren mit "
                    "0,35 × Radius (dort wirkt Abstand), seine Nachbarn hervorgehoben und die übrigen "
                    "Boids gedämpft, und vier Pfeile: Abstand, Richtung und Kohäsion, jeweils mit ihrem "
                    "Gewicht, und ihre Summe, die Geschwindigkeitsänderung des nächsten Schritts vor der "
                    "Begrenzung auf das Höchsttempo. Die Legende nennt den Maßstab der Pfeile. So sieht "
                    "man, warum ein Boid abbiegt. „Regeln der Auswahl zeigen“ schaltet das ab. "
                    "„Auswahl verfolgen“ hält den Boid in der 3D-Ansicht in der Bildmitte, auch wenn er "
                    "über den Rand des Würfels fliegt; „Ansicht zurücksetzen“ beendet das."
                </li>
            </ul>

            <h2>"Maße des ganzen Schwarms und ihr Verlauf"</h2>
            <p>
                "Der Status zeigt zu jedem Schritt sechs Maße des ganzen Schwarms, und der "
                "Abschnitt „Verlauf“ unter der Ansicht zeichnet sie über der Modellzeit, ab "
                "„Initialisieren“ oder dem Laden eines Zustands. Bei langen Läufen zeigt jede "
                "Bildspalte den kleinsten und größten Wert ihrer Schritte, sodass kein Ausreißer "
                "verschwindet. „Verlauf exportieren“ speichert alle Schritte als CSV, eine Zeile pro "
                "Schritt; „Schritt zurück“ kürzt den Verlauf, eine Änderung der Parameter löscht ihn."
            </p>
            <dl class="measure-notes">
                <dt>"Mittleres Tempo"</dt>
                <dd>
                    "Der Durchschnitt der Geschwindigkeitsbeträge aller Boids in LE/s. Er liegt "
                    "höchstens beim Höchsttempo; sinkt er, bremsen Abstand und Kohäsion die Boids "
                    "gegeneinander aus."
                </dd>
                <dt>"Ordnung (Polarisation)"</dt>
                <dd>
                    "Wie einig sich die Boids in der Flugrichtung sind: 0 heißt, die Richtungen heben "
                    "sich auf, 1 heißt, alle fliegen in dieselbe Richtung. Achten Sie darauf, wie "
                    "schnell sie mit dem Gewicht „Richtung“ wächst; ohne Richtung bleibt sie nahe 0."
                </dd>
                <dt>"Nachbarn im Mittel"</dt>
                <dd>
                    "Wie viele andere Boids ein Boid im Durchschnitt innerhalb des Radius hat. Steigt "
                    "der Wert, zieht sich der Schwarm zusammen; bei einem Gas ohne Regeln bleibt er "
                    "klein."
                </dd>
                <dt>"Gruppen"</dt>
                <dd>
                    "Die Zahl der zusammenhängenden Gruppen, wenn je zwei Nachbarn verbunden sind; ein "
                    "Boid ohne Nachbarn ist eine Gruppe für sich. Fällt die Zahl, verschmelzen "
                    "Teilschwärme; bei 1 hängt der ganze Schwarm zusammen."
                </dd>
                <dt>"Größte Gruppe"</dt>
                <dd>
                    "Wie viele Boids die größte dieser Gruppen hat. Zusammen mit „Gruppen“ zeigt "
                    "sie, ob ein großer Schwarm mit ein paar Einzelgängern entsteht oder viele "
                    "gleich kleine Klumpen."
                </dd>
                <dt>"Mittlerer Abstand zum nächsten Nachbarn"</dt>
                <dd>
                    "Der Durchschnitt über alle Boids der Entfernung zum nächsten anderen Boid in LE, "
                    "über den Rand hinweg und auch außerhalb des Radius. Er zeigt, wie dicht der "
                    "Schwarm gepackt ist: Das Gewicht „Abstand“ hält ihn oben, „Kohäsion“ drückt ihn "
                    "hinunter (bei einem einzigen Boid gibt es ihn nicht)."
                </dd>
            </dl>

            <h2>"Tabelle und Dateien"</h2>
            <ul>
                <li>
                    "Die " <strong>"Tabelle"</strong> " zeigt jeden Boid mit Position, Geschwindigkeit, "
                    "Tempo, Nachbarzahl und den ungewichteten Anteilen S, A und C der drei Regeln für "
                    "den nächsten Schritt. Ein Klick auf einen Spaltenkopf sortiert. Gezeichnet werden "
                    "nur die sichtbaren Zeilen, sodass auch 50 000 Boids flüssig scrollen."
                </li>
                <li>
                    "Die Auswahl ist dieselbe wie in der Ansicht: ein Klick auf eine Zeile wählt den Boid "
                    "aus, und „Zur Auswahl“ springt zu seiner Zeile."
                </li>
                <li>
                    "„JSON exportieren“ speichert den vollständigen Zustand (beim Laden bitgenau "
                    "derselbe), „CSV exportieren“ die Tabelle in voller Genauigkeit. „Zustand laden“ "
                    "liest einen exportierten JSON-Zustand ein: Parameter und Schwarm werden "
                    "übernommen, pausiert. Bei einem Fehler erklärt eine Meldung, was nicht stimmt, "
                    "und nichts ändert sich."
                </li>
            </ul>

            <h2>"Bedienung"</h2>
            <p>
                "„Initialisieren“ baut den Schwarm aus den Eingaben (pausiert, Zeit 0). „Starten“ "
                "läuft in Echtzeit weiter, „Pause“ hält an, „Schritt“ hält an und rechnet genau einen "
                "Schritt, „Zurücksetzen“ entfernt den Schwarm. Jede Änderung eines Parameters entfernt "
                "den alten Schwarm. Ein verdeckter Tab und ein Seitenwechsel pausieren. Gültige "
                "Parameter merkt sich der Browser; nach dem Neuladen muss der Schwarm neu "
                "initialisiert werden."
            </p>
            <ul>
                <li>
                    <strong>"Tastatur:"</strong> " Die Leertaste startet oder pausiert, „.“ oder → "
                    "rechnet einen Schritt, ← geht einen zurück (nicht beim Tippen in ein Eingabefeld). "
                    "Hat die 3D-Ansicht den Fokus, drehen die Pfeiltasten, + und − zoomen und 0 setzt "
                    "die Ansicht zurück. In der Tabelle führt Tab nach den Spaltenköpfen zu den "
                    "Zeilen: ↑ und ↓ (auch Bild↑, Bild↓, Pos1 und Ende) wechseln die Zeile, Enter "
                    "oder die Leertaste wählt ihren Boid aus."
                </li>
                <li>
                    <strong>"Ohne Grafikkarte"</strong> " zeichnet der Browser die 3D-Ansicht auf dem "
                    "Prozessor: ein Bild von 50 000 Kegeln entsteht dann in Teilen über mehrere "
                    "Bildschirmbilder und erscheint, wenn es fertig ist. Die Seite bleibt dabei "
                    "bedienbar."
                </li>
                <li>
                    <strong>"Voreinstellung:"</strong> " Sechs benannte Parametersätze (vom "
                    "geordneten Schwarm bis zum Gas ohne Ordnung), jeder mit einem Satz, worauf "
                    "zu achten ist. Die Wahl setzt nur die Eingaben; „Initialisieren“ baut den "
                    "Schwarm."
                </li>
                <li>
                    <strong>"Zurück in der Zeit:"</strong> " „Schritt zurück“ und „Gehe zu Schritt“ "
                    "rechnen vom nächsten Zwischenstand davor neu (einer alle 64 Schritte), denn das "
                    "Modell läuft nicht rückwärts, ist aber deterministisch: Jeder frühere Schritt "
                    "kommt Bit für Bit wieder. Zurück geht es bis zum Anfangszustand, bei einem "
                    "geladenen Zustand bis zu dessen eigenem Schritt."
                </li>
                <li>
                    <strong>"Rechenkerne"</strong> " (unter „Erweitert“): so viele Web Worker teilen "
                    "sich jeden Schritt, damit die Seite auch bei großen Schwärmen bedienbar bleibt. "
                    "Das Ergebnis ist Bit für Bit dasselbe, gleich wie viele rechnen; eine Änderung "
                    "behält den Schwarm. Solange ein Schritt noch berechnet wird, ist „Schritt“ "
                    "gesperrt."
                </li>
            </ul>

            <h2>"Links auf genaue Zustände"</h2>
            <p>
                "Das Modell ist deterministisch: Parameter und Schrittzahl legen einen Zustand "
                "genau fest. „Link teilen“ zeigt den Link auf die aktuellen Parameter und den "
                "aktuellen Schritt, markiert ihn und kopiert ihn in die Zwischenablage, wenn der "
                "Browser es erlaubt. Ein Link sieht so aus:"
            </p>
            <p>
                <code class="link-example">
                    "/?anzahl=200&seed=1&radius=1.2&abstand=0.5&richtung=0.1&kohaesion=0.2&hoechsttempo=2&schritt=40"
                </code>
            </p>
            <ul>
                <li>
                    "Zahlen mit Dezimalpunkt oder -komma; ein fehlender Parameter hat seinen "
                    "Standardwert, unbekannte Angaben werden übergangen. „schritt“ ist freiwillig "
                    "und eine ganze Zahl ab 0."
                </li>
                <li>
                    "Beim Öffnen (auf der Ansicht oder der Tabelle) übernehmen die Eingaben die "
                    "Werte. Mit „schritt“ wird der Schwarm gebaut und Schritt für Schritt bis dorthin "
                    "gerechnet, bitgenau wie von Hand, danach pausiert; „Abbrechen“ hält unterwegs "
                    "an. Ungültige Werte zeigen die üblichen Fehlermeldungen, und nichts wird gebaut."
                </li>
                <li>
                    "Danach zeigt die Adresszeile wieder die schlichte Adresse: Neuladen stellt nur "
                    "die Parameter wieder her, nicht den Schwarm."
                </li>
                <li>
                    "Ein aus einer Datei geladener Zustand lässt sich nicht als Link teilen, denn "
                    "ein Link trägt nur Parameter und Schritt. Dafür gibt es „JSON exportieren“."
                </li>
            </ul>
        </article>
    }
}
