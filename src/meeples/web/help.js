// Short rule summaries, written for Meeples in our own words (the server enforces the rules).

export const HELP = {
  sparta: {
    en: `
<p>Two players on a 10×10 board: South (yellow, moves first) and North (red). Each side starts
with 8 warriors on the board and 8 heroes waiting in reserve. Eight cities lie in the middle
rows, four of each colour.</p>
<h4>Your turn</h4>
<ul>
<li>Move one piece: a warrior goes 1 or 2 steps, a hero 1 to 3 steps, each step to a
neighbouring free square in any of the 8 directions; it may turn between steps.</li>
<li>Ending on one of your own cities turns a warrior into a hero from your reserve.</li>
<li>Ending on an enemy city conquers it: the city takes your colour.</li>
<li>Instead of moving, a warrior already standing on one of your cities may be promoted where it
stands.</li>
<li>If you cannot do anything, you pass.</li>
</ul>
<h4>Captures</h4>
<p>After each move, every unbroken row of pieces of one colour that has an enemy piece at both
ends (along a rank, a file or a diagonal) is removed, even your own pieces, even the piece that
just moved. Board edges and empty squares never close a row.</p>
<h4>Winning</h4>
<ul>
<li>Own all 8 cities, or bring your opponent down to a single piece.</li>
<li>When both sides have two pieces or fewer, the one with more cities wins (equal: a draw).
The same count decides when both players pass in a row, when a position occurs a third time,
or after 200 moves without a capture, conquest or promotion.</li>
</ul>
<h4>Playing here</h4>
<p>Click one of your highlighted pieces, then one of the highlighted squares. Promotion and pass
appear as buttons when they are possible.</p>`,
    fr: `
<p>Deux joueurs sur un plateau de 10×10 : Sud (jaune, commence) et Nord (rouge). Chaque camp
commence avec 8 guerriers sur le plateau et 8 héros en réserve. Huit cités occupent les rangées
du milieu, quatre de chaque couleur.</p>
<h4>Votre tour</h4>
<ul>
<li>Déplacez une pièce : un guerrier fait 1 ou 2 pas, un héros de 1 à 3 pas, chaque pas vers une
case voisine libre dans l'une des 8 directions ; il peut tourner entre deux pas.</li>
<li>Finir sur une de vos cités change un guerrier en héros pris dans votre réserve.</li>
<li>Finir sur une cité ennemie la conquiert : elle prend votre couleur.</li>
<li>Au lieu de bouger, un guerrier déjà posé sur une de vos cités peut être promu sur place.</li>
<li>Si vous ne pouvez rien faire, vous passez.</li>
</ul>
<h4>Prises</h4>
<p>Après chaque coup, toute file continue de pièces d'une couleur encadrée aux deux bouts par
une pièce ennemie (en ligne, en colonne ou en diagonale) est retirée, même vos propres pièces,
même celle qui vient de bouger. Les bords et les cases vides n'encadrent jamais.</p>
<h4>Victoire</h4>
<ul>
<li>Possédez les 8 cités, ou réduisez l'adversaire à une seule pièce.</li>
<li>Quand chaque camp n'a plus que deux pièces ou moins, celui qui a le plus de cités gagne
(égalité : nulle). Ce même décompte tranche si les deux joueurs passent de suite, si une position
revient pour la troisième fois, ou après 200 coups sans prise, conquête ni promotion.</li>
</ul>
<h4>Jouer ici</h4>
<p>Cliquez une de vos pièces en surbrillance, puis une case en surbrillance. La promotion et le
passe apparaissent en boutons quand ils sont possibles.</p>`,
    es: `
<p>Dos jugadores en un tablero de 10×10: Sur (amarillo, empieza) y Norte (rojo). Cada bando
empieza con 8 guerreros en el tablero y 8 héroes en reserva. Ocho ciudades ocupan las filas
centrales, cuatro de cada color.</p>
<h4>Tu turno</h4>
<ul>
<li>Mueve una pieza: un guerrero avanza 1 o 2 pasos, un héroe de 1 a 3, cada paso a una casilla
vecina libre en cualquiera de las 8 direcciones; puede girar entre pasos.</li>
<li>Terminar en una ciudad propia convierte al guerrero en un héroe de tu reserva.</li>
<li>Terminar en una ciudad enemiga la conquista: pasa a tu color.</li>
<li>En lugar de mover, un guerrero que ya está en una ciudad tuya puede ascender allí mismo.</li>
<li>Si no puedes hacer nada, pasas.</li>
</ul>
<h4>Capturas</h4>
<p>Tras cada jugada, toda hilera continua de piezas de un color con una pieza enemiga en ambos
extremos (en fila, columna o diagonal) se retira, aunque sean tus piezas, aunque sea la que
acaba de moverse. Los bordes y las casillas vacías nunca cierran una hilera.</p>
<h4>Victoria</h4>
<ul>
<li>Ten las 8 ciudades, o deja al rival con una sola pieza.</li>
<li>Cuando ambos bandos tienen dos piezas o menos, gana quien tenga más ciudades (igual: empate).
La misma cuenta decide si ambos pasan seguidos, si una posición se repite por tercera vez o tras
200 jugadas sin captura, conquista ni ascenso.</li>
</ul>
<h4>Jugar aquí</h4>
<p>Haz clic en una de tus piezas resaltadas y luego en una casilla resaltada. El ascenso y el pase
aparecen como botones cuando son posibles.</p>`,
  },
};
