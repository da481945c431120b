package broker_test

func helperLoad() {}
