//! The About page ("Info"): the model, its source and what the views show.

use leptos::prelude::*;

/// A short German text on the model, this project's variant and the views.
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
                "Gewichte, Radius, Rand und Schrittregel sind eine eigene Wahl dieses Projekts, "
                "nicht „die eine richtige“ Boids-Formel:"
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
                    "Längen sind freie Modelleinheiten (" <strong>"LE"</strong>
                    "), Geschwindigkeiten LE/s. Das Modell ist nicht an Vögel, Fische oder "
                    "Strömungen kalibriert; es gibt keine Hindernisse, Ziele oder Zusammenstöße."
                </li>
                <li>
                    "Der Anfangszustand folgt aus dem Seed über einen einfachen Zufallsgenerator: "
                    "gleiche Parameter ergeben genau denselben Verlauf."
                </li>
            </ul>

            <h2>"Was die Ansichten zeigen"</h2>
            <ul>
                <li>
                    "Die " <strong>"Ansicht"</strong> " projiziert den Würfel fest isometrisch. Jeder Boid "
                    "ist ein gleich großes Dreieck in Flugrichtung; ein Punkt steht für einen Boid in Ruhe "
                    "oder einen, der senkrecht zur Bildebene fliegt. Die Symbolgröße zeigt keine "
                    "Geschwindigkeit, und Überlappung im Bild heißt nicht gleicher Ort im Raum."
                </li>
                <li>
                    "Der Status nennt Modellzeit (Schritte × 0,04 s), Schritte, Anzahl, mittleres Tempo "
                    "und die gemessene Rechenleistung."
                </li>
                <li>
                    "Die " <strong>"Tabelle"</strong>
                    " wird jeden Boid mit Position, Geschwindigkeit, Nachbarzahl und den ungewichteten "
                    "Anteilen der drei Regeln zeigen."
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
        </article>
    }
}
