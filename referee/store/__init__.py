"""What is kept: the schema and its migrations, the one door every change goes through
(`commands`), and the readers the pages and the API share (hands, tally, seating)."""
