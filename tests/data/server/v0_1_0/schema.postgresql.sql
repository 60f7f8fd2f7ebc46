CREATE TABLE actions (
	match_id VARCHAR(32) NOT NULL, 
	ply INTEGER NOT NULL, 
	seat INTEGER, 
	action TEXT NOT NULL, 
	passed BOOLEAN, 
	at FLOAT, 
	PRIMARY KEY (match_id, ply)
);

CREATE TABLE events (
	match_id VARCHAR(32) NOT NULL, 
	number INTEGER NOT NULL, 
	kind VARCHAR(16) NOT NULL, 
	seat INTEGER, 
	ply INTEGER NOT NULL, 
	level VARCHAR(16), 
	at FLOAT NOT NULL, 
	data TEXT, 
	PRIMARY KEY (match_id, number)
);

CREATE TABLE matches (
	id VARCHAR(32) NOT NULL, 
	game VARCHAR(64) NOT NULL, 
	players INTEGER NOT NULL, 
	seed BIGINT, 
	options TEXT, 
	position TEXT, 
	seats TEXT NOT NULL, 
	created FLOAT NOT NULL, 
	finished BOOLEAN NOT NULL, 
	result TEXT, 
	bot_speed VARCHAR(16), 
	hints BOOLEAN, 
	warm_after FLOAT, 
	warm_level VARCHAR(16), 
	rematch VARCHAR(32), 
	moved FLOAT, 
	seed_text TEXT, 
	PRIMARY KEY (id)
);

CREATE TABLE undone (
	match_id VARCHAR(32) NOT NULL, 
	undo INTEGER NOT NULL, 
	ply INTEGER NOT NULL, 
	seat INTEGER, 
	action TEXT NOT NULL, 
	passed BOOLEAN, 
	undone_by INTEGER, 
	undone_at FLOAT NOT NULL, 
	PRIMARY KEY (match_id, undo, ply)
);

CREATE TABLE writers (
	match_id VARCHAR(32) NOT NULL, 
	epoch INTEGER NOT NULL, 
	worker VARCHAR(128) NOT NULL, 
	PRIMARY KEY (match_id)
);
